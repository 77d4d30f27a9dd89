# What several test files share: the device played in the simulator, crafted flash
# files, fake boards. A test file imports its helpers from here, never from another
# test file (tools/checks/mprun.py drops these modules with each file's own).
# The toy fifth game of test_fifth_game.py is here too (coin_toss.py, coin_toss_flow.py):
# the registry imports it by name, as it would a game of the box's own.
