# Never answers.
sleep 30
