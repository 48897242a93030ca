# Writes a line that is not a move at once.
echo "hello there"
sleep 5
