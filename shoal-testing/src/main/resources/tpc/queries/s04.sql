-- Not a TPC query (set operations): EXCEPT - small parts never shipped by air, and the smallest of them.
select
    p_partkey,
    p_name
from
    part
where
    p_size < 10
except
select
    l_partkey,
    p_name
from
    lineitem
    join part on l_partkey = p_partkey
where
    l_shipmode = 'AIR'
order by
    p_partkey
limit 20;
