"""To-do sample area (/api/todo-app): to-dos in folders, with labels and filters."""

from __future__ import annotations

from pydantic import Field, RootModel

from schemas.sample_areas.base import HandlesQuery, Id, IsoDate, SampleModel


class NewTodo(SampleModel):
    title: str = Field(min_length=1)
    notes: str = ""
    startDate: IsoDate | None = None
    dueDate: IsoDate | None = None
    completed: bool = False
    starred: bool = False
    important: bool = False
    deleted: bool = False
    labels: list[int] = Field(default_factory=list)
    folder: int | None = None


class Todo(NewTodo):
    """A full to-do as ``update-todo`` replaces it: every field of the spec but ``folder`` is required."""

    id: Id
    notes: str
    startDate: IsoDate | None
    dueDate: IsoDate | None
    completed: bool
    starred: bool
    important: bool
    deleted: bool
    labels: list[int]


class Selection(SampleModel):
    selectedTodoIds: list[Id]


class FolderMove(Selection):
    folderId: int


class LabelToggle(Selection):
    labelId: int


class Todos(RootModel[list[Todo]]):
    """The to-dos of the chosen label, filter or folder."""


class TodosQuery(HandlesQuery):
    """The to-dos of one folder, label or filter."""


class TodoRef(SampleModel):
    id: Id | None = None
    todoId: Id | None = None


class RemoveTodo(RootModel[Id | TodoRef]):
    """``remove-todo``'s body: the to-do's id itself, or an object with ``id`` or ``todoId``."""

    def todo_id(self) -> str | None:
        return self.root if isinstance(self.root, str) else self.root.id or self.root.todoId


class RemovedTodo(RootModel[str]):
    """The id of the to-do now marked deleted."""
