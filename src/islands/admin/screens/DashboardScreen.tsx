// TEMPORARY PLACEHOLDER (portal branch) so the admin app builds before the kit helper's real screen is
// merged. The integrator's merge must take the kit branch's file and drop this one.
export default function DashboardScreen() {
  return <h1 className="text-2xl font-bold">Dashboard</h1>;
}
