# The host side of Pawpad: fakes of the rp2 port's machine objects, an SSD1306 panel
# model, the simulated board, the terminal screen and the scripted runner.
#
# The interface a front end (the terminal, a script, a browser page) drives, kept
# stable:
#   board.World(clock, display=True, load_cells=True, encoder=True)   the table
#     .player(seat, down) .menu(i, down)      a button (seat 0..7; UP DOWN OK BACK)
#     .together(gpios, down)                  buttons of one instant (a tie)
#     .turn(clicks) .push(down)               the rotary encoder: + is clockwise
#     .stages[i].dogs, .tip(tipped)           the load cells' dogs, the tilt switch
#     .panel                                  panel.Panel: .ram, the 1024 bytes shown
#   board.build(world, data_dir) -> Hardware  the drivers on that table, for Device
#   board.Clock(virtual)                      device ticks: real, or moved by a script
#   cells.lines(ram, view)                    the panel as text (half/quarter/braille)
#   png.write_panel_png(path, ram)            the panel as a picture
#   hands.Hands(world, gap_ms)                key taps as presses, none lost
