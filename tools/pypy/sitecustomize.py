"""PyPy 3.9 runs the self-play (faster than CPython for this engine); this shim gives its dataclasses
Python 3.10's slots=True, as CPython 3.11 builds them."""
import dataclasses
import itertools

_orig = dataclasses.dataclass


def _get_slots(cls):
    s = cls.__dict__.get("__slots__", ())
    return (s,) if isinstance(s, str) else s


def _add_slots(cls):
    d = dict(cls.__dict__)
    names = tuple(f.name for f in dataclasses.fields(cls))
    inherited = set(itertools.chain.from_iterable(map(_get_slots, cls.__mro__[1:-1])))
    d["__slots__"] = tuple(n for n in names if n not in inherited)
    for n in names:
        d.pop(n, None)
    d.pop("__dict__", None)
    d.pop("__weakref__", None)
    qn = getattr(cls, "__qualname__", None)
    new = type(cls)(cls.__name__, cls.__bases__, d)
    if qn is not None:
        new.__qualname__ = qn
    return new


def dataclass(cls=None, /, **kw):
    slots = kw.pop("slots", False)

    def wrap(c):
        c = _orig(c, **kw)
        return _add_slots(c) if slots else c

    return wrap if cls is None else wrap(cls)


dataclasses.dataclass = dataclass
