"""PostgreSQL's numbered migrations, `NNN_name.sql`: the same numbers and names as SQLite's
(store/migrations), in PostgreSQL's SQL, applied in order by `store.postgres.migrate`.

The rules of store/migrations apply: never edit a released file, no BEGIN/COMMIT inside,
contiguous numbers. A file runs as one statement batch in one transaction with the row of
`store_schema` that records it.
"""
