{{- define "swiss.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "swiss.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "swiss.selectorLabels" -}}
app.kubernetes.io/name: {{ include "swiss.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "swiss.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{ include "swiss.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{- define "swiss.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "swiss.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* The site profile ConfigMap as "namespace/name". */}}
{{- define "swiss.profileRef" -}}
{{- if .Values.config.cluster.profile -}}
{{- .Values.config.cluster.profile -}}
{{- else -}}
{{- printf "%s/%s-profile" .Release.Namespace (include "swiss.fullname" .) -}}
{{- end -}}
{{- end -}}

{{- define "swiss.authSecretName" -}}
{{- default (printf "%s-auth" (include "swiss.fullname" .)) .Values.auth.existingSecret -}}
{{- end -}}

{{/* Whether the pod mounts a credential Secret: the login is on. */}}
{{- define "swiss.mountsAuth" -}}
{{- if not .Values.auth.disabled -}}yes{{- end -}}
{{- end -}}

{{/* Whether the database is a PostgreSQL server rather than a SQLite file. */}}
{{- define "swiss.postgres" -}}
{{- if or (hasPrefix "postgres://" .Values.config.database) (hasPrefix "postgresql://" .Values.config.database) -}}yes{{- end -}}
{{- end -}}

{{/* Whether the database is a SQLite file on a claim: a PVC of the chart's or the user's. */}}
{{- define "swiss.persistent" -}}
{{- if and (not (include "swiss.postgres" .)) (or .Values.persistence.enabled .Values.persistence.existingClaim) -}}yes{{- end -}}
{{- end -}}

{{- define "swiss.claimName" -}}
{{- default (printf "%s-data" (include "swiss.fullname" .)) .Values.persistence.existingClaim -}}
{{- end -}}

{{/* The namespaces swiss's release access covers; empty for rbac.scope cluster. */}}
{{- define "swiss.releaseNamespaces" -}}
{{- if eq .Values.rbac.scope "namespaced" -}}
{{- toJson (uniq .Values.rbac.namespaces) -}}
{{- else -}}
[]
{{- end -}}
{{- end -}}

{{/*
The Secrets rbac.profileSecrets names, by namespace, as JSON {"namespace": ["name", ...]}. A name
without a namespace is in the release's namespace: swiss looks for it in its own.
*/}}
{{- define "swiss.profileSecrets" -}}
{{- $byNamespace := dict -}}
{{- $secrets := .Values.rbac.profileSecrets -}}
{{- range $ref := compact (list $secrets.sloToken $secrets.entrypointKey) -}}
{{- $ns := $.Release.Namespace -}}
{{- $name := $ref -}}
{{- if contains "/" $ref -}}
{{- $ns = first (splitList "/" $ref) -}}
{{- $name = last (splitList "/" $ref) -}}
{{- end -}}
{{- $names := get $byNamespace $ns | default (list) -}}
{{- $_ := set $byNamespace $ns (append $names $name | uniq) -}}
{{- end -}}
{{- toJson $byNamespace -}}
{{- end -}}

{{/*
Refusals: combinations that would install a swiss that cannot work, or that does more than its
values say. Every template includes this, so `helm template` fails the same way as an install.
*/}}
{{- define "swiss.validate" -}}
{{- $scopes := list "namespaced" "cluster" -}}
{{- if not (has .Values.rbac.scope $scopes) -}}
{{- fail (printf "rbac.scope %q is not namespaced or cluster" .Values.rbac.scope) -}}
{{- end -}}
{{- if and (eq .Values.rbac.scope "namespaced") (empty .Values.rbac.namespaces) -}}
{{- fail "rbac.scope is namespaced but rbac.namespaces is empty: swiss would see no releases at all. List the namespaces holding model releases, or set rbac.scope: cluster knowing it grants cluster-wide secret reads." -}}
{{- end -}}
{{- if not (has .Values.config.applyWith (list "helm" "llmsvc")) -}}
{{- fail (printf "config.applyWith %q is not helm or llmsvc" .Values.config.applyWith) -}}
{{- end -}}
{{- if not (has .Values.rbac.applyWith (list "helm" "both" "llmsvc")) -}}
{{- fail (printf "rbac.applyWith %q is not helm, both or llmsvc" .Values.rbac.applyWith) -}}
{{- end -}}
{{- if and (eq .Values.config.applyWith "llmsvc") (eq .Values.rbac.applyWith "helm") -}}
{{- fail "config.applyWith is llmsvc but rbac.applyWith is helm: the service account could not write LLMService objects. Set rbac.applyWith to llmsvc or both." -}}
{{- end -}}
{{- if and (eq .Values.rbac.applyWith "llmsvc") (eq .Values.config.applyWith "helm") -}}
{{- fail "rbac.applyWith is llmsvc but config.applyWith is helm: swiss would install Helm releases it holds no grants for. Set config.applyWith: llmsvc, or rbac.applyWith to helm or both." -}}
{{- end -}}
{{- if and .Values.config.allowDeploy (not (include "swiss.postgres" .)) (not (include "swiss.persistent" .)) -}}
{{- fail "config.allowDeploy needs persistence: the audit log and staged plans must survive a restart. Set persistence.enabled: true or name a persistence.existingClaim, or point config.database at a PostgreSQL server." -}}
{{- end -}}
{{- if and .Values.config.allowDeploy (gt (int .Values.replicaCount) 1) (not (include "swiss.postgres" .)) -}}
{{- fail "config.allowDeploy with SQLite runs one replica: sqlite is a single writer and the volume is ReadWriteOnce, so a second replica would share neither the audit log nor the plans. Set replicaCount: 1, or point config.database at a PostgreSQL server (postgres://user@host:5432/db) to run several." -}}
{{- end -}}
{{- if and (include "swiss.postgres" .) (regexMatch "^postgres(ql)?://[^@/]*:[^@/]*@" .Values.config.database) -}}
{{- fail "config.database holds a password: take it out of the URL and name a Secret holding it in databasePassword.existingSecret." -}}
{{- end -}}
{{- if and (eq .Values.rbac.scope "namespaced") (has .Release.Namespace .Values.rbac.namespaces) -}}
{{- fail (printf "rbac.namespaces holds %s, swiss's own namespace: helm's release storage needs every Secret of a served namespace, so swiss could read its own credential Secret there. Install swiss in a namespace of its own, apart from the model releases." .Release.Namespace) -}}
{{- end -}}
{{- range $setting, $ref := .Values.rbac.profileSecrets -}}
{{- if and $ref (not (regexMatch "^([a-z0-9.-]+/)?[a-z0-9.-]+$" $ref)) -}}
{{- fail (printf "rbac.profileSecrets.%s %q is not a Secret's name or namespace/name" $setting $ref) -}}
{{- end -}}
{{- $own := list (include "swiss.authSecretName" $) $.Values.databasePassword.existingSecret | compact -}}
{{- range $name := $own -}}
{{- if or (eq $ref $name) (eq $ref (printf "%s/%s" $.Release.Namespace $name)) -}}
{{- fail (printf "rbac.profileSecrets.%s names %s, swiss's own credentials: swiss would send them to whatever address the profile names. Name the Secret that holds the SLO token or the entrypoint key." $setting $ref) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if and .Values.auth.existingSecret .Values.auth.disabled -}}
{{- fail "auth.existingSecret is set but auth.disabled is true: with the login off no Secret is mounted. Drop one of the two." -}}
{{- end -}}
{{- end -}}

{{/*
Where the API server listens, as JSON {"cidrs": [...], "ports": [...]}: networkPolicy.apiServer's
cidrs, else the endpoints of the kubernetes Service, looked up at install; their ports, else
networkPolicy.apiServer.ports. Nothing found (helm template): no cidrs, so any address on the ports.
*/}}
{{- define "swiss.apiServerEndpoints" -}}
{{- $cidrs := .Values.networkPolicy.apiServer.cidrs | default (list) -}}
{{- $ports := list -}}
{{- if not $cidrs -}}
{{- range (lookup "discovery.k8s.io/v1" "EndpointSlice" "default" "").items -}}
{{- if eq (index (.metadata.labels | default dict) "kubernetes.io/service-name") "kubernetes" -}}
{{- range .endpoints -}}
{{- range .addresses -}}
{{- $cidrs = append $cidrs (printf "%s/%s" . (ternary "128" "32" (contains ":" .))) -}}
{{- end -}}
{{- end -}}
{{- range .ports -}}
{{- $ports = append $ports .port -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if not $ports -}}
{{- $ports = .Values.networkPolicy.apiServer.ports -}}
{{- end -}}
{{- toJson (dict "cidrs" (uniq $cidrs) "ports" (uniq $ports)) -}}
{{- end -}}
