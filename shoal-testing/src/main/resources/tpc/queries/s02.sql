-- Not a TPC query (set operations): UNION (distinct) of customers' and suppliers' nations with a text label.
select
    c_nationkey as nk,
    c_mktsegment as label
from
    customer
where
    c_acctbal > 9000
union
select
    s_nationkey,
    'SUPPLIER'
from
    supplier
where
    s_acctbal > 9000
order by
    nk,
    label;
