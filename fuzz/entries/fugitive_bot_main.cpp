// Owns: native/fugitive/bot_main.cpp compiled as the function fugitive_bot_main (see
// program_mains.h); nothing else may live in this translation unit.
#define main fugitive_bot_main
#include "../../native/fugitive/bot_main.cpp"
