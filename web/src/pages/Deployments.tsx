// Placeholder until this page is built: says so rather than pretending.
export default function Deployments() {
  return <h1 className="text-xl font-semibold">Deployments (not built yet)</h1>;
}
