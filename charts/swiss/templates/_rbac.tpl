{{/*
The rules of swiss's access to the namespaces holding releases: one ClusterRole for rbac.scope
cluster, the same rules in one Role per namespace otherwise. Each rule says which feature needs it.
*/}}
{{- define "swiss.releaseRules" -}}
{{- $write := list "get" "list" "watch" "create" "update" "patch" "delete" -}}
{{- $deploy := .Values.config.allowDeploy -}}
{{- $helm := ne .Values.rbac.applyWith "llmsvc" -}}
{{- $llmsvc := has .Values.rbac.applyWith (list "both" "llmsvc") -}}
# The deployments list: helm's release Secrets and swiss's plan ConfigMaps, watched into memory;
# with deploys, helm's release records and the plans and archives written beside a release. Not by
# name: helm names a Secret per revision (sh.helm.release.v1.<release>.v<N>), and a list or a watch
# cannot be held to names. Hence swiss's own namespace is never one of these.
- apiGroups: [""]
  resources: [secrets, configmaps]
  verbs: {{ if $deploy }}{{ toJson $write }}{{ else }}[get, list, watch]{{ end }}
# Status: the release's pods, their readiness and startup progress.
- apiGroups: [""]
  resources: [pods]
  verbs: [get, list, watch]
{{- if $deploy }}
# The per-release lock: one Lease per release while a deploy runs.
- apiGroups: [coordination.k8s.io]
  resources: [leases]
  verbs: {{ toJson $write }}
{{- end }}
{{- if and $deploy $helm }}
# Helm installs, upgrades, rolls back and uninstalls the serving charts' Services and accounts.
- apiGroups: [""]
  resources: [services, serviceaccounts]
  verbs: {{ toJson $write }}
# The serving charts' model servers.
- apiGroups: [apps]
  resources: [deployments]
  verbs: {{ toJson $write }}
# The serving charts' disruption budgets.
- apiGroups: [policy]
  resources: [poddisruptionbudgets]
  verbs: {{ toJson $write }}
# The serving charts' own Roles (CART's); granting them needs the grants they hold.
- apiGroups: [rbac.authorization.k8s.io]
  resources: [roles, rolebindings]
  verbs: {{ toJson $write }}
# The serving charts' Prometheus scrape targets (serviceMonitor.enabled).
- apiGroups: [monitoring.coreos.com]
  resources: [servicemonitors]
  verbs: {{ toJson $write }}
# Multi-node model servers (lws.enabled).
- apiGroups: [leaderworkerset.x-k8s.io]
  resources: [leaderworkersets]
  verbs: {{ toJson $write }}
# The serving charts' scaler (scaler.enabled), under the legacy group and the new one.
- apiGroups: [autoscaling.4pd.io, autoscaling.modelsphere.dev]
  resources: [llmscalers]
  verbs: {{ toJson $write }}
# The serving charts' SLO requirement (sloRequirement.enabled), legacy and new group.
- apiGroups: [inference.x-k8s.io, inference.modelsphere.dev]
  resources: [llmslorequirements]
  verbs: {{ toJson $write }}
# The serving charts' gateway route (modelRoute.enabled), legacy and new group.
- apiGroups: [routing.gpucluster.io, routing.modelsphere.dev]
  resources: [modelroutes]
  verbs: {{ toJson $write }}
# CART (the chart's rollout helper) patches pods and holds leases during a rolling restart.
- apiGroups: [""]
  resources: [pods]
  verbs: [get, list, watch, patch]
{{- else }}
# Status reads the scaler a release's manifest names.
- apiGroups: [autoscaling.4pd.io, autoscaling.modelsphere.dev]
  resources: [llmscalers]
  verbs: [get]
# Status reads the SLO requirement a release's manifest names.
- apiGroups: [inference.x-k8s.io, inference.modelsphere.dev]
  resources: [llmslorequirements]
  verbs: [get]
# Status reads the gateway route a release's manifest names.
- apiGroups: [routing.gpucluster.io, routing.modelsphere.dev]
  resources: [modelroutes]
  verbs: [get]
{{- end }}
{{- if $llmsvc }}
# LLMService releases: the objects the operator reconciles, watched into memory.
- apiGroups: [serving.modelsphere.dev]
  resources: [llmservices]
  verbs: {{ if $deploy }}{{ toJson $write }}{{ else }}[get, list, watch]{{ end }}
# An LLMService's revision history (ControllerRevisions): revisions, diffs and rollback.
- apiGroups: [apps]
  resources: [controllerrevisions]
  verbs: [get, list]
{{- end }}
{{- end -}}
