// The API's types, named for the UI. Every shape comes from docs/openapi.yaml through the generated
// schema.d.ts (`npm run gen:api`; `npm run check:api` fails the build when the two disagree), so a
// change to the wire form is a change to the document first.
import type { components } from "./schema";

type Schemas = components["schemas"];

/** The element type of an array member that the document declares inline. */
type Item<T> = T extends readonly (infer E)[] ? E : never;

// Session and audit log.
export type Session = Schemas["Session"];
export type LoginReply = Schemas["LoginReply"];
export type LoggedOut = Schemas["LoggedOut"];
export type Run = Schemas["Run"];
export type RunList = Schemas["RunList"];

// Approvals on a protected site.
export type Approval = Schemas["Approval"];
export type ApprovalList = Schemas["ApprovalList"];
export type ApprovalRequest = Schemas["ApprovalRequest"];
export type ApprovalDecision = Schemas["ApprovalDecision"];
export type ApprovalAction = Approval["action"];
export type ApprovalState = Approval["state"];

// The site: cluster, profile.
export type ClusterInfo = Schemas["ClusterInfo"];
export type CatalogSummary = Schemas["CatalogSummary"];
export type SiteLink = Schemas["SiteLink"];
export type ProfileDocument = Schemas["ProfileDocument"];
export type Profile = Schemas["Profile"];
export type ProfileRoute = Schemas["ProfileRoute"];
export type CatalogRepo = Schemas["CatalogRepo"];
export type ProfileRequest = Schemas["ProfileRequest"];

// The catalog.
export type CatalogIndex = Schemas["CatalogIndex"];
export type CatalogIndexReply = Schemas["CatalogIndexReply"];
export type IndexModel = Schemas["IndexModel"];
export type IndexVersion = Schemas["IndexVersion"];
export type IndexVariant = Schemas["IndexVariant"];
export type ModelSource = Schemas["ModelSource"];
export type Requires = Schemas["Requires"];
export type Entry = Schemas["CatalogEntry"];
export type EntryVariant = Schemas["EntryVariant"];
export type CatalogEntryReply = Schemas["CatalogEntryReply"];
export type ChartVersions = Schemas["ChartVersions"];
export type GpuProduct = Schemas["GpuProduct"];
export type GpuProducts = Schemas["GpuProducts"];

// Deployments and canaries.
export type CanaryState = Schemas["CanaryState"];
export type CanaryParent = Schemas["CanaryParent"];
export type CanaryAssignment = Schemas["CanaryAssignment"];
export type DeploymentsPage = Schemas["DeploymentsPage"];
export type DeploymentRow = Schemas["DeploymentRow"];
export type Backend = DeploymentRow["backend"];
/** The Canary members that deployment rows and status reports share. */
export type CanaryRelationship = Pick<DeploymentRow, "canaryState" | "managedBy" | "assignedTo" | "uid">;

// Nodes.
export type NodesReport = Schemas["NodesReport"];
export type GpuUseHistory = Schemas["GpuUseHistory"];
export type NodeView = Schemas["NodeView"];
export type NodeCondition = Item<NodeView["Conditions"]>;
export type GpuPod = Item<NonNullable<NodeView["gpuPods"]>>;
export type ProductTotals = Item<NonNullable<NodesReport["summary"]["products"]>>;
/** The members of `NodeView` the fit check reads (the Nodes page owns the full report). */
export type FitNode = Pick<NodeView, "Name" | "GPUProduct" | "GPUResource" | "GPUs" | "Schedulable" | "Ready">;

// Plans and the deploy write path.
export type Plan = Schemas["Plan"];
export type PlanRelease = Schemas["PlanRelease"];
export type PlanSource = Schemas["PlanSource"];
export type PlanChart = Schemas["PlanChart"];
export type PlanLayers = Schemas["PlanLayers"];
/** A values tree as a layer wrote it (YAML/JSON object). */
export type Values = PlanLayers[string];
export type PlanAnswer = Schemas["PlanAnswer"];
export type ShadowedValue = Item<NonNullable<PlanAnswer["shadowed"]>>;
export type PreflightReport = Schemas["PreflightReport"];
export type PreflightProblem = Item<PreflightReport["problems"]>;
export type PreflightRule = PreflightProblem["rule"];
export type PlanRequest = Schemas["PlanRequest"];
export type DiffRequest = Schemas["DiffRequest"];
export type ApplyRequest = Schemas["ApplyRequest"];
export type RollbackRequest = Schemas["RollbackRequest"];
export type ApplyResult = Schemas["ApplyResult"];
export type PlanDiff = Schemas["PlanDiff"];
export type RevisionDiff = Schemas["RevisionDiff"];

// One release.
export type StatusReport = Schemas["StatusReport"];
export type PodView = Schemas["PodView"];
export type StartupProgress = Schemas["StartupProgress"];
export type PlanStatus = Schemas["PlanStatus"];
export type LlmServiceCondition = Item<NonNullable<StatusReport["llmservice"]>["conditions"]>;
export type ObjectsReport = Schemas["ObjectsReport"];
export type ReleaseObject = Item<ObjectsReport["objects"]>;
export type ObjectKind = ReleaseObject["ref"]["kind"];
export type RevisionList = Schemas["RevisionList"];
export type Revision = Item<RevisionList["revisions"]>;
export type RevisionValues = Schemas["RevisionValues"];
export type CheckCredentials = Schemas["CheckCredentials"];
export type ProbeResult = Schemas["ProbeResult"];
export type UninstallResult = Schemas["UninstallResult"];
export type SloConfig = Schemas["SloConfig"];
