# Player button colours: the names shown on screen and the light each makes.
NAMES = ("Red", "Blue", "Green", "Yellow", "White", "Orange", "Purple", "Pink")
RGB = {
    "Red": (255, 0, 0),
    "Blue": (0, 40, 255),
    "Green": (0, 200, 0),
    "Yellow": (255, 180, 0),
    "White": (255, 255, 255),
    "Orange": (255, 80, 0),
    "Purple": (140, 0, 255),
    "Pink": (255, 40, 120),
}
OFF = (0, 0, 0)
