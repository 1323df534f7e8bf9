-- Not a TPC query (set operations): ORDER BY ... LIMIT on parenthesised UNION ALL branches and on the whole.
(select o_orderkey, o_totalprice from orders order by o_totalprice desc limit 5)
union all
(select o_orderkey, o_totalprice from orders order by o_totalprice limit 5)
order by
    o_totalprice desc;
