-- w01 (ours): the three most expensive orders of each priority - ROW_NUMBER over a window partitioned in parallel
select o_orderpriority, o_orderkey, o_totalprice, rn
from (
    select o_orderpriority, o_orderkey, o_totalprice,
           row_number() over (partition by o_orderpriority order by o_totalprice desc, o_orderkey) as rn
    from orders
) t
where rn <= 3
order by o_orderpriority, rn
