"""SQLAlchemy reflection (the MySQL dialect over PyMySQL) against ShoalDB, as Superset and other Python tools use it.

Prints one line per answer, "name<TAB>value" with list items joined by "|"; usage: python3 reflect_metadata.py <port> <database> <table> <duplicate-key table>
"""
import sys
import warnings

from sqlalchemy import create_engine, inspect


def main():
    port, database, table, duplicate = sys.argv[1:5]
    engine = create_engine("mysql+pymysql://root:@127.0.0.1:%s/%s" % (port, database))
    # The dialect warns about each Doris clause of SHOW CREATE TABLE it does not know (DUPLICATE KEY, PROPERTIES).
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        inspector = inspect(engine)
        result = {
            "schemas": inspector.get_schema_names(),
            "tables": inspector.get_table_names(),
            "columns": ["%s %s %s" % (c["name"], c["type"], c["nullable"]) for c in inspector.get_columns(table)],
            "primary_key": inspector.get_pk_constraint(table)["constrained_columns"],
            "duplicate_primary_key": inspector.get_pk_constraint(duplicate)["constrained_columns"],
            "has_table": inspector.has_table(table),
            "has_no_such_table": inspector.has_table("no_such_table"),
        }
    for warning in seen:
        print(warning.message, file=sys.stderr)
    for name, value in result.items():
        print("%s\t%s" % (name, "|".join(value) if isinstance(value, list) else value))


if __name__ == "__main__":
    main()
