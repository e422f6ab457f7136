"""The PostgreSQL backend of the store (psycopg 3 with psycopg_pool); see backend.py."""

from .backend import PostgresBackend, masked

__all__ = ["PostgresBackend", "masked"]
