// Owns: the default Bank layout text — a verbatim copy of maps/bank/bank.txt, embedded because
// core/ reads no files (it runs in wasm too). tests/bank checks it equals the map file.
#include "bank/layout.h"

namespace pursuit::bank {

const std::string& default_layout_text() {
    static const std::string text = R"BANKMAP(# Bank Heist: the building of the spec (shared/specs/bank.md), 17 rows x 25 columns.
# Legend:  .  floor          S  floor/stair junction (a floor cell on a staircase)
#          |  stair cell     L  lift door (a floor cell; the lift serves this floor)
#          :  lift shaft     #  wall
# Map lines: the row letter, one space, the row; top row first. The bottom row is row A.
# Floors are the rows holding floor cells, numbered 1.. from the bottom. Lifts are the
# columns holding doors (left to right = the order of the FBF lift states).
name Bank (spec layout)
columns ABCDEFGHIJKLMNOPQRSTUVWXY
guards AK AL AN AO
map
Q L...S...S...L...S...S...L
P :###|###|###:###|###|###:
O :###|###|###:###|###|###:
N :###|###|###:###|###|###:
M L...S...S...L...S...S...L
L :###|###|###:###|###|###:
K :###|###|###:###|###|###:
J :###|###|###:###|###|###:
I L...S...S...L...S...S...L
H :###|###|###:###|###|###:
G :###|###|###:###|###|###:
F :###|###|###:###|###|###:
E L...S...S...L...S...S...L
D :###|###|###:###|###|###:
C :###|###|###:###|###|###:
B :###|###|###:###|###|###:
A L...S...S...L...S...S...L
end
)BANKMAP";
    return text;
}

const Layout& default_layout() {
    static const Layout layout = Layout::parse(default_layout_text(), "maps/bank/bank.txt");
    return layout;
}

}  // namespace pursuit::bank
