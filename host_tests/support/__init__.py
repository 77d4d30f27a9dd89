# What several test files share: the device played in the simulator, crafted flash
# files, fake boards. A test file imports its helpers from here, never from another
# test file (tools/checks/mprun.py drops these modules with each file's own).
