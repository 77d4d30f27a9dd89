# Pawpad: firmware for a table-side box that referees four dog card games.
VERSION = "0.1.0"

