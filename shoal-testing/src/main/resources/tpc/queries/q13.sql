-- TPC-H Q13, customer distribution. Validation parameters: WORD1 = special, WORD2 = requests.
-- The specification names the derived table's columns in a list, "as c_orders (c_custkey, c_count)"; Doris
-- has no such list, so the columns are named by aliases inside it (the form Doris's own TPC-H kit uses).
select
    c_count,
    count(*) as custdist
from
    (
        select
            c_custkey,
            count(o_orderkey) as c_count
        from
            customer left outer join orders on
                c_custkey = o_custkey
                and o_comment not like '%special%requests%'
        group by
            c_custkey
    ) as c_orders
group by
    c_count
order by
    custdist desc,
    c_count desc;
