-- Not a TPC query (set operations): INTERSECT - customers who ordered both in 1995 and in 1996.
select
    count(*) as customers,
    sum(o_custkey) as keysum
from (
    select o_custkey from orders where o_orderdate >= date '1995-01-01' and o_orderdate < date '1996-01-01'
    intersect
    select o_custkey from orders where o_orderdate >= date '1996-01-01' and o_orderdate < date '1997-01-01'
) t;
