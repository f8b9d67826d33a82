// Placeholder until this page is built: says so rather than pretending.
export default function DeploymentDetail() {
  return <h1 className="text-xl font-semibold">DeploymentDetail (not built yet)</h1>;
}
