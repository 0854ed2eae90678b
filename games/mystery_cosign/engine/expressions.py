"""The expression language of Mystery Cosign's twelve hidden operations (rulings C1, C2).

A host writes each operation as a small expression in `a` and `b`. It is parsed once with
`ast.parse` and checked against a whitelist here, then evaluated by `simpleeval` (never Python
`eval`) with our own operators and helpers (helpers.py). Every evaluation is bounded: a node and depth limit
at definition time, a deterministic step budget and a size bound on every intermediate integer
at evaluation time. A wall clock is deliberately not used, so a replayed match gives the same
results on any machine.

Pure Python: no Django import here.
"""

from __future__ import annotations

import ast
import threading
from dataclasses import dataclass, field
from typing import Any

from simpleeval import SimpleEval

from games.engine_api import Invalid

from .helpers import ARITY, BINARY, COMPARE, HELPERS, MAX_VALUE, OPERATORS, UNARY, UndefinedValue, bounded_int

MAX_SOURCE_LENGTH = 300  # characters
MAX_NODES = 200  # AST nodes in one expression
MAX_DEPTH = 100  # nesting of sub-expressions (a flat sum of 100 terms nests 100 deep)
MAX_STEPS = 500  # per evaluation: one per node evaluated, plus each helper's cost
HELPER_STEP_COST = 2  # a helper call costs this on top of its nodes

EDGE_VALUES = (0, 1, 2, 9, 10, 99, 100, 998, 999)


_SYMBOLS = {
    ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>",
    ast.MatMult: "@", ast.Invert: "~", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
    ast.IsNot: "is not",
}  # fmt: skip

_REFUSED = {
    ast.Attribute: "Attribute access (.) is not allowed.",
    ast.Subscript: "Indexing ([ ]) is not allowed.",
    ast.Lambda: "Lambda is not allowed.",
    ast.ListComp: "Comprehensions are not allowed.",
    ast.SetComp: "Comprehensions are not allowed.",
    ast.DictComp: "Comprehensions are not allowed.",
    ast.GeneratorExp: "Generators are not allowed.",
    ast.NamedExpr: "Assignment (:=) is not allowed.",
    ast.Starred: "Starred arguments (*) are not allowed.",
    ast.JoinedStr: "f-strings are not allowed.",
    ast.FormattedValue: "f-strings are not allowed.",
    ast.List: "Lists are not allowed.",
    ast.Tuple: "Tuples are not allowed.",
    ast.Set: "Sets are not allowed.",
    ast.Dict: "Dicts are not allowed.",
}


# --- definition time --------------------------------------------------------------------------


@dataclass(frozen=True)
class Expression:
    """A host's operation, checked and parsed once."""

    source: str
    tree: ast.expr = field(repr=False, compare=False)

    def evaluate(self, a: int, b: int) -> int | None:
        return evaluate(self, a, b)


def compile_expression(source: object) -> Expression | Invalid:
    """Parse and check a host's expression; Invalid says what is wrong in plain words."""
    if not isinstance(source, str):
        return Invalid("The operation must be text.")
    if len(source) > MAX_SOURCE_LENGTH:
        return Invalid(f"The operation is too long (at most {MAX_SOURCE_LENGTH} characters).")
    text = source.strip()
    if not text:
        return Invalid("The operation is empty.")
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError as e:
        return Invalid(f"Syntax error: {e.msg}.")
    except (ValueError, RecursionError, MemoryError):
        return Invalid("The operation could not be read.")
    problem = _check_tree(tree)
    if problem:
        return Invalid(problem)
    return Expression(text, tree)


def _check_tree(root: ast.expr) -> str | None:
    # Iterative, so a pathologically deep tree is refused instead of overflowing the stack.
    count = 0
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        count += 1
        if count > MAX_NODES:
            return f"The operation is too big: at most {MAX_NODES} parts (numbers, names, operators, calls)."
        if depth > MAX_DEPTH:
            return f"The operation is nested too deeply: at most {MAX_DEPTH} levels."
        problem = _check_node(node)
        if problem:
            return problem
        children = node.args if isinstance(node, ast.Call) else list(_expr_children(node))
        stack.extend((child, depth + 1) for child in children)
    return None


def _expr_children(node: ast.AST):
    # Operator and context nodes (ast.Add, ast.Load) are checked with their parent.
    return (c for c in ast.iter_child_nodes(node) if isinstance(c, ast.expr))


def _check_node(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant):
        value = node.value
        if type(value) is bool:
            return None
        if type(value) is int:
            return None if value <= MAX_VALUE else "A number in the operation is too large."
        if isinstance(value, (str, bytes)):
            return "Text is not allowed; only whole numbers."
        return f"Only whole numbers are allowed, not {value!r}."
    if isinstance(node, ast.Name):
        return _check_name(node.id)
    if isinstance(node, ast.BinOp):
        return _check_op(node.op, BINARY)
    if isinstance(node, ast.UnaryOp):
        return _check_op(node.op, UNARY)
    if isinstance(node, ast.Compare):
        for op in node.ops:
            problem = _check_op(op, COMPARE)
            if problem:
                return problem
        return None
    if isinstance(node, (ast.BoolOp, ast.IfExp)):
        return None
    if isinstance(node, ast.Call):
        return _check_call(node)
    return _REFUSED.get(type(node), f"{type(node).__name__} is not allowed.")


def _check_name(name: str) -> str | None:
    if name in ("a", "b"):
        return None
    odd = next((ch for ch in name if not ch.isascii()), None)
    if odd is not None:
        return (
            f"The name {name!r} contains {odd!r} (U+{ord(odd):04X}), which is not a plain letter: "
            "write a and b with the keyboard's Latin letters."
        )
    if name.startswith("_"):
        return f"Names starting with _ are not allowed ({name})."
    if name in HELPERS:
        return f"{name} is a helper: call it, e.g. {name}(a)."
    return f"Unknown name {name!r}: use a, b and the helpers ({', '.join(HELPERS)})."


def _check_op(op: ast.AST, allowed: dict) -> str | None:
    if type(op) in allowed:
        return None
    return f"The operator “{_SYMBOLS.get(type(op), type(op).__name__)}” is not allowed."


def _check_call(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name) and node.func.id.startswith("_"):
        return f"Names starting with _ are not allowed ({node.func.id})."
    if not isinstance(node.func, ast.Name) or node.func.id not in HELPERS:
        return f"Only the helpers can be called: {', '.join(HELPERS)}."
    name = node.func.id
    if node.keywords:
        return f"{name}: named arguments are not allowed."
    if any(isinstance(arg, ast.Starred) for arg in node.args):
        return f"{name}: starred arguments (*) are not allowed."
    fewest, most = ARITY[name]
    if len(node.args) < fewest or (most is not None and len(node.args) > most):
        wanted = f"{fewest} or more" if most is None else str(fewest)
        return f"{name} takes {wanted} argument{'s' if wanted != '1' else ''}."
    return None


# --- evaluation -------------------------------------------------------------------------------


class _Evaluator(SimpleEval):
    """simpleeval, narrowed to our node types, counted and size-checked at every node."""

    def __init__(self, a: int, b: int):
        super().__init__(operators=OPERATORS, functions=HELPERS, names={"a": a, "b": b})
        # Only the node types the definition check lets through; anything else fails loudly.
        allowed = (ast.Name, ast.UnaryOp, ast.BinOp, ast.BoolOp, ast.Compare, ast.IfExp,
                   ast.Call, ast.Constant)  # fmt: skip
        self.nodes: dict[type[ast.AST], Any] = {kind: self.nodes[kind] for kind in allowed}
        self.steps = 0

    def _spend(self, cost: int) -> None:
        self.steps += cost
        if self.steps > MAX_STEPS:
            raise UndefinedValue(f"more than {MAX_STEPS} steps")

    def _eval(self, node):
        self._spend(1)
        handler = self.nodes.get(type(node))
        if handler is None:
            raise UndefinedValue(f"{type(node).__name__} is not allowed")
        result = handler(node)
        # Every intermediate value is a bounded integer, so no operator ever sees anything else.
        bounded_int(result)
        return result

    def _eval_call(self, node):
        self._spend(HELPER_STEP_COST)
        if getattr(node.func, "id", None) == "ifelse":  # evaluate only the branch taken
            condition, yes, no = node.args
            return self._eval(yes) if bounded_int(self._eval(condition)) else self._eval(no)
        return super()._eval_call(node)


OK, NEGATIVE, UNDEFINED_ERROR, NOT_INTEGER = "ok", "negative", "error", "not integer"  # kinds of result


def _reason(error: Exception) -> str:
    if isinstance(error, UndefinedValue):
        return str(error)
    if isinstance(error, ZeroDivisionError):
        return "division by zero"
    return type(error).__name__


EVALUATIONS = [0]  # evaluations made in this process: tests count them instead of timing anything


def evaluate_why(expr: Expression, a: int, b: int) -> tuple[int | None, str, str]:
    """(value or None, kind, why it is undefined in words). Never raises."""
    return evaluate_counted(expr, a, b)[:3]


_reused = threading.local()


def _evaluator(a: int, b: int) -> _Evaluator:
    """One evaluator per thread, its names and count reset for each evaluation: building one
    (simpleeval checks every helper against its forbidden list) cost as much as evaluating."""
    evaluator = getattr(_reused, "evaluator", None)
    if evaluator is None:
        evaluator = _reused.evaluator = _Evaluator(0, 0)
    evaluator.names = {"a": a, "b": b}
    evaluator.steps = 0
    return evaluator


def evaluate_counted(expr: Expression, a: int, b: int) -> tuple[int | None, str, str, int]:
    """evaluate_why, and the evaluator steps it spent."""
    EVALUATIONS[0] += 1
    evaluator = None
    try:
        evaluator = _evaluator(bounded_int(a), bounded_int(b))
        value = evaluator.eval(expr.source, previously_parsed=expr.tree)
    except Exception as error:  # any failure at all is "undefined" (C2); never propagate
        return None, UNDEFINED_ERROR, _reason(error), evaluator.steps if evaluator else 1
    steps = evaluator.steps
    value, kind, why = _classify(value)
    return value, kind, why, steps


def _classify(value) -> tuple[int | None, str, str]:
    if isinstance(value, float):
        if not value.is_integer():
            return None, NOT_INTEGER, "not a whole number"
        value = int(value)
    if type(value) not in (int, bool):
        return None, NOT_INTEGER, "not a whole number"
    value = int(value)
    if value < 0:
        return None, NEGATIVE, "a negative result"
    if value > MAX_VALUE:
        return None, UNDEFINED_ERROR, "a value beyond 10^15"
    return value, OK, ""


def evaluate(expr: Expression, a: int, b: int) -> int | None:
    """The operation's value at (a, b), or None when undefined. Never raises."""
    return evaluate_why(expr, a, b)[0]
