"""Profile page (/api/profile): timeline posts, comments, likes and follows."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, RootModel

from schemas.base import DB_INT_MAX
from schemas.query import QueryModel, Whole
from schemas.sample_areas.base import Keyed, SampleModel, Stored, not_blank

MAX_POST = 2_000
MAX_COMMENT = 1_000
MAX_COMMENTS = 200  # per post
MAX_FOLLOWING = 1_000

PostId = Annotated[str | int, Field()]
UserId = Annotated[int, Field(ge=1, le=DB_INT_MAX)]


class NewPost(SampleModel):
    message: Annotated[str, Field(max_length=MAX_POST), not_blank("Write something to post.")]


class PostRef(SampleModel):
    postId: PostId


class Like(PostRef):
    like: bool


class NewComment(PostRef):
    message: Annotated[str, Field(max_length=MAX_COMMENT), not_blank("Write a comment.")]


class Follow(SampleModel):
    userId: UserId
    follow: bool


class PostAuthor(BaseModel):
    id: int | None = None
    name: str
    avatar: str = ""


class Comment(Keyed):
    message: str = ""


class Post(Keyed):
    """A timeline post as the viewer sees it."""

    message: str = ""
    likes: int = 0
    comments: list[Comment] = Field(default_factory=list)


class Timeline(BaseModel):
    activities: list[Keyed]
    posts: list[Post]


class Albums(RootModel[list[Keyed]]):
    """The photo and video albums (id, name, info, media)."""


class About(BaseModel):
    """The about page: general, work and contact sections, groups and friends."""

    general: Stored
    work: Stored
    contact: Stored
    groups: list[Keyed]
    friends: list[Keyed]


class Person(BaseModel):
    """A staff member's profile header."""

    id: int
    name: str
    avatar: str
    photoURL: str
    email: str
    followers: int
    following: int
    followedByMe: bool
    me: bool


class ProfileQuery(QueryModel):
    user_id: Annotated[int | None, Whole(), Field(description="A staff member's user id.")] = None
