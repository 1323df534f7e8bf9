-- Not a TPC query (grouping sets): ROLLUP with GROUPING() over a join.
select
    n_name,
    c_mktsegment,
    count(*) as cnt,
    sum(c_acctbal) as bal,
    grouping(n_name) as gn,
    grouping(c_mktsegment) as gs
from
    customer
    join nation on c_nationkey = n_nationkey
where
    n_regionkey = 1
group by
    rollup(n_name, c_mktsegment)
order by
    gn,
    gs,
    n_name,
    c_mktsegment;
