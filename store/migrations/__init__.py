"""Numbered SQL migrations, `NNN_name.sql`, applied in order by `store.db.migrate`.

This is a package (not a bare folder) so that setuptools ships the .sql files as package
data and `importlib.resources` finds them in a non-editable install too.

Rules for a migration file: never edit one that has been released (write a new one); no
BEGIN/COMMIT inside (the runner wraps each file in one transaction and sets user_version
in it); keep the numbers contiguous.
"""
