# Recompresses PNGs in place with Pillow. The simulator writes them uncompressed (the
# unix port has no deflate compressor); the copies in docs/ are kept small.
import sys

from PIL import Image

for path in sys.argv[1:]:
    with Image.open(path) as im:
        im.load()
        small = im.convert("P", palette=Image.Palette.ADAPTIVE, colors=4)
    small.save(path, optimize=True)
