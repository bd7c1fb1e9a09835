"""The throwaway PostgreSQL cluster the store's tests run on: each test gets its own empty
database on it, so no test sees another's games."""

import psycopg


def test_each_test_gets_its_own_empty_database(pg_cluster, pg_url):
    other = pg_cluster.fresh_database()
    assert other != pg_url
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE here (x int)")
        conn.execute("INSERT INTO here VALUES (1)")
    with psycopg.connect(other) as conn:
        assert conn.execute("SELECT count(*) FROM pg_tables WHERE tablename = 'here'").fetchone()[0] == 0
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT x FROM here").fetchall() == [(1,)]
