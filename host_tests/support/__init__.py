# Helpers the tests share (imported as support.<subject>), and the toy game's modules.
