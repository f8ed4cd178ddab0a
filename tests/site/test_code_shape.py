"""The shape of the code (issue 28), read from the source: no function longer than a screen, no private name
imported from another package, and no import cycle between the engine's modules (imports inside functions and
the type checker's imports counted: a cycle the type checker needs is a cycle in the design)."""
from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENGINE = ROOT / "calculators"
CHECKED = (ENGINE, ROOT / "hooks")
MAX_FUNCTION_LINES = 60


def _sources(*roots: pathlib.Path):
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def _module_name(path: pathlib.Path) -> tuple[str, bool]:
    """``calculators.diplomacy.orders`` for calculators/diplomacy/orders/__init__.py (and that it is a package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    package = parts[-1] == "__init__"
    return ".".join(parts[:-1] if package else parts), package


def _imported(module: str, package: bool, node: ast.ImportFrom) -> str:
    """The module an ``from ... import`` names, absolute."""
    if not node.level:
        return node.module or ""
    base = module.split(".") if package else module.split(".")[:-1]
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def test_no_function_is_longer_than_a_screen():
    long = []
    for path, tree in _sources(*CHECKED):
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines} lines)")
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines: split them: {long}"


def test_no_private_name_is_imported_from_another_package():
    """A module's ``_private`` names are its package's own: another package imports what is public (for the
    standard game, ``calculators.diplomacy.api``)."""
    crossing = []
    for path, tree in _sources(*CHECKED):
        module, package = _module_name(path)
        mine = module if package else module.rpartition(".")[0]
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            source = _imported(module, package, node)
            theirs = source if (ROOT / source.replace(".", "/")).is_dir() else source.rpartition(".")[0]
            private = [a.name for a in node.names if a.name.startswith("_") and not a.name.startswith("__")]
            if private and theirs != mine:
                crossing.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {private} from {source}")
    assert not crossing, crossing


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(path)[0]: (path, tree) for path, tree in _sources(ENGINE)}
    graph: dict[str, set[str]] = {}
    for module, (path, tree) in modules.items():
        package = path.name == "__init__.py"
        edges = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                source = _imported(module, package, node)
                for alias in node.names:
                    name = f"{source}.{alias.name}"
                    edges.add(name if name in modules else source)
            elif isinstance(node, ast.Import):
                edges.update(a.name for a in node.names)
        graph[module] = {e for e in edges if e in modules and e != module}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle_in_the_engine():
    graph = _graph()
    assert len(graph) > 100 and graph["calculators.diplomacy.resolver"], "the graph is read"
    assert not _cycles(graph), _cycles(graph)


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


# -- one source for each fact ---------------------------------------------------------------------------------
GAMES_MODULE = ENGINE / "core" / "games.py"


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_the_games_are_listed_once():
    """The table of games (calculators/core/games.py) is the only list of the games: a module that needs them
    reads the table, and a new game is one line there."""
    from calculators.core.games import GAMES

    names = {g.package for g in GAMES} | {g.title for g in GAMES} | {g.rules for g in GAMES}
    lists = []
    for path, tree in _sources(ENGINE, ROOT / "hooks", ROOT / "tests"):
        if path == GAMES_MODULE:
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
                named = {s for s in _strings(node) if s in names}
                if len(named) >= 3:
                    lists.append(f"{path.relative_to(ROOT)}:{node.lineno} {sorted(named)}")
    assert not lists, f"lists of the games outside calculators/core/games.py: {lists}"


def test_the_rule_id_pattern_is_written_once():
    """One rule-ID pattern (``games.RULE_ID``) for the engine, the site's hooks and the tests that read rule IDs."""
    copies = []
    for path, tree in _sources(ENGINE, ROOT / "hooks"):
        if path == GAMES_MODULE:
            continue
        copies += [f"{path.relative_to(ROOT)}: {s!r}" for s in _strings(tree) if "R?\\d" in s or "R\\d" in s]
    assert not copies, copies


RULINGS_MODULE = ENGINE / "core" / "rulings.py"


def _call_name(node: ast.AST) -> str:
    if isinstance(node, ast.Call):
        return node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
    return ""


def _ruling_enums(tree: ast.AST) -> list[ast.ClassDef]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)
            and any(isinstance(b, ast.Name) and b.id == "RulingEnum" for b in n.bases)]


def test_each_reading_is_declared_once():
    """A switchable ruling is one ``RulingEnum`` (core/rulings.py): each of its readings one member, carrying its
    id, label, whether it is the site's and its summary.  So a ``Reading(...)`` is made only as such a member, no
    ``Ruling(...)`` is written out by hand, and a field or parameter that defaults to the site's reading says so
    (``Paradox.default()``, ``DEFAULT.paradox``), never naming the member a second time."""
    stray, by_hand, named_default = [], [], []
    enums: set[str] = set()
    trees = list(_sources(ENGINE))
    for _, tree in trees:
        enums |= {c.name for c in _ruling_enums(tree)}
    for path, tree in trees:
        where = path.relative_to(ROOT)
        members = {id(a.value) for c in _ruling_enums(tree) for a in c.body if isinstance(a, ast.Assign)}
        for node in ast.walk(tree):
            if _call_name(node) == "Reading" and id(node) not in members:
                stray.append(f"{where}:{node.lineno}")
            if _call_name(node) == "Ruling" and path != RULINGS_MODULE:
                by_hand.append(f"{where}:{node.lineno}")
            defaults = [node.value] if isinstance(node, ast.AnnAssign) and node.value is not None else []
            if isinstance(node, ast.arguments):
                defaults = [*node.defaults, *(d for d in node.kw_defaults if d is not None)]
            named_default += [f"{where}:{d.lineno} {d.value.id}.{d.attr}" for d in defaults
                              if isinstance(d, ast.Attribute) and isinstance(d.value, ast.Name) and d.value.id in enums]
    assert len(enums) >= 16, sorted(enums)
    assert not stray, f"a Reading made outside a RulingEnum's members: {stray}"
    assert not by_hand, f"a Ruling written by hand (declare a RulingEnum): {by_hand}"
    assert not named_default, f"a default naming the site's reading again (X.default(), DEFAULT.x): {named_default}"


def test_readings_are_read_through_their_enums():
    """The engine reads a reading in force as its enum (``Paradox.read(readings)``), never by looking a ruling's id
    up in the readings (``readings["DIP R2"]``, ``readings.get("WOTW R4")``) and comparing strings."""
    from calculators.core.games import RULE_ID

    looked_up = []
    for path, tree in _sources(ENGINE):
        if path == RULINGS_MODULE:
            continue
        for node in ast.walk(tree):
            key = None
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                key = node.slice.value
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
                  and node.args and isinstance(node.args[0], ast.Constant)):
                key = node.args[0].value
            if isinstance(key, str) and RULE_ID.fullmatch(key) and " R" in key:
                looked_up.append(f"{path.relative_to(ROOT)}:{node.lineno} {key}")
    assert not looked_up, f"readings looked up by ruling id: {looked_up}"
