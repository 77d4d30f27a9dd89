# cpython only: frozen into the Pico's UF2, a viper function's code sits on a 2-byte boundary only
# (mpy-tool aligns native code so), while the Thumb-1 emitter (ARMv6-M, the RP2040's
# Cortex-M0+) puts a constant it cannot make from 8 or 16 bits as a word in the code,
# read PC-relative at the 4-byte boundary it assumes: off by 2 bytes, the function
# reads another word. On the emulated Pico a frame cleared with 0x01010101 came out
# 0xff 0x20 0xde 0x00 a word. So no viper function of the firmware holds such a
# constant (the rule of py/asmthumb.c's asm_thumb_mov_reg_i32_optimised). CPython.
import ast
import glob
import os

from support.unix_port import ROOT


def needs_a_word(n):
    """Would the Thumb-1 emitter load n from a word in the code?"""
    if n < 0 and (n + n) & 0xFFFFFFFF:
        n = -n
    n &= 0xFFFFFFFF
    if n < 256 or n < 0x10000:
        return False
    clz = 32 - n.bit_length()
    ctz = (n & -n).bit_length() - 1
    return clz + ctz < 24


def viper_functions(path):
    tree = ast.parse(open(path).read())
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and any(
                isinstance(d, ast.Attribute) and d.attr == "viper" for d in node.decorator_list):
            yield node


def test_no_viper_function_holds_a_constant_of_more_than_16_bits():
    files = glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True)
    checked = 0
    found = []
    for path in files:
        for fn in viper_functions(path):
            checked += 1
            for node in ast.walk(fn):
                if isinstance(node, ast.Constant) and type(node.value) is int and \
                        needs_a_word(node.value):
                    found.append("%s:%d %s() %#x" % (os.path.relpath(path, ROOT),
                                                     node.lineno, fn.name, node.value))
    assert checked >= 10, checked  # the display's, the canvas's and the log's loops
    assert not found, found


def test_the_rule_is_the_emitters():
    assert not needs_a_word(255) and not needs_a_word(0xFFFF) and not needs_a_word(-1)
    assert not needs_a_word(0xFF000000) and not needs_a_word(0x1FC)  # 8 bits, shifted
    assert needs_a_word(0x01010101) and needs_a_word(0x12345)
