# The host side of Pawpad: fakes of the rp2 port's machine objects, an SSD1306 panel
# model, the simulated board, the terminal screen and the scripted runner.
