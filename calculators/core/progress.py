"""Calculations that report their progress: generators that yield how far they have got (0 to 1) and
return their value, so a long one can be watched and cancelled between steps (the browser's worker
steps ``registry.iter_run``). These drive such a generator; every engine uses them rather than a
loop of its own.

    >>> def count(n):
    ...     for i in range(n):
    ...         yield (i + 1) / n
    ...     return n
    >>> def both():
    ...     a = yield from scaled(count(2), 0.0, 0.5)
    ...     b = yield from scaled(count(2), 0.5, 1.0)
    ...     return a + b
    >>> gen = both()
    >>> [next(gen) for _ in range(4)]
    [0.25, 0.5, 0.75, 1.0]
    >>> run_to_end(both())
    4
"""
from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, TypeVar

T = TypeVar("T")
Progress = Generator[float, None, T]


def mapped(gen: Generator[float, None, T], step: Callable[[float], Any]) -> Generator[Any, None, T]:
    """Pass each of ``gen``'s progress reports on as ``step(x)``; return its value."""
    while True:
        try:
            x = next(gen)
        except StopIteration as stop:
            return stop.value
        yield step(x)


def scaled(gen: Progress[T], lo: float, hi: float) -> Progress[T]:
    """Pass a part's progress on, mapped into [lo, hi] of the whole; return the part's value."""
    return (yield from mapped(gen, lambda x: lo + (hi - lo) * x))


def run_to_end(gen: Generator[Any, None, T]) -> T:
    """Drive ``gen`` to its end, ignoring its progress; its value."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value
