# Dies of a segmentation fault after reading its first line.
read -r line
echo "about to crash" >&2
kill -SEGV $$
