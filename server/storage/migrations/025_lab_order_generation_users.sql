-- The order list's records carry their user's client_user_id (read through users), so the team's
-- order generation (migration 015) must also move when that changes, or a list kept under the
-- generation could answer the old value. No operation changes client_user_id today; this makes
-- the list right whatever does, as the lab_orders triggers do for the orders themselves. (The
-- list also checks each kept record against its user's row version: lab-order-list.ts.)
CREATE FUNCTION lab_order_generation_bump_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lab_order_generations AS g (team_id, generation, xact)
  SELECT DISTINCT n.team_id, 1, pg_current_xact_id()
  FROM new_users n JOIN old_users o ON o.id = n.id
  WHERE n.client_user_id IS DISTINCT FROM o.client_user_id AND EXISTS (SELECT 1 FROM lab_orders lo WHERE lo.user_id = n.id)
  ON CONFLICT (team_id) DO UPDATE SET generation = g.generation + 1, xact = EXCLUDED.xact
    WHERE g.xact IS DISTINCT FROM EXCLUDED.xact;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_lab_order_generation_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_users NEW TABLE AS new_users FOR EACH STATEMENT EXECUTE FUNCTION lab_order_generation_bump_users();
