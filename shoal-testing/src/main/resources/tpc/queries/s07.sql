-- Not a TPC query (grouping sets): CUBE over lineitem with GROUPING_ID.
select
    l_returnflag,
    l_linestatus,
    count(*) as cnt,
    sum(l_extendedprice) as price,
    avg(l_discount) as disc,
    grouping_id(l_returnflag, l_linestatus) as gid
from
    lineitem
group by
    cube(l_returnflag, l_linestatus)
order by
    gid,
    l_returnflag,
    l_linestatus;
