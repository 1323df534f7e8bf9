-- w04 (ours): each customer's orders with the previous order's date, the next order's price and the first order
select o_custkey, o_orderkey, o_orderdate,
       lag(o_orderdate) over (partition by o_custkey order by o_orderdate, o_orderkey) as prev_date,
       lead(o_totalprice, 1, 0) over (partition by o_custkey order by o_orderdate, o_orderkey) as next_price,
       first_value(o_orderkey) over (partition by o_custkey order by o_orderdate, o_orderkey) as first_order,
       count(*) over (partition by o_custkey) as orders
from orders
where o_custkey < 3000
order by o_custkey, o_orderdate, o_orderkey
