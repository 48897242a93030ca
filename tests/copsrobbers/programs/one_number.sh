# Answers every line with a single crossing 1 (wrong count for two cops).
while read -r line; do echo 1; done
