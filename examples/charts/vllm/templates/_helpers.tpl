{{/* Object name: fullnameOverride, else <release>-<chart>. */}}
{{- define "serving.fullname" -}}
{{- default (printf "%s-%s" .Release.Name .Chart.Name) .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* The identity routing and scaling know this deployment by. */}}
{{- define "serving.serviceId" -}}
{{- default .Release.Name .Values.serviceId -}}
{{- end -}}

{{- define "serving.selectorLabels" -}}
app: {{ include "serving.fullname" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "serving.labels" -}}
{{ include "serving.selectorLabels" . }}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
swiss.modelsphere.dev/service-id: {{ include "serving.serviceId" . | quote }}
{{- end -}}

{{/* Image reference: pinned by digest when one is given. */}}
{{- define "serving.image" -}}
{{- if .Values.image.digest -}}
{{ .Values.image.repository }}@{{ .Values.image.digest }}
{{- else -}}
{{ .Values.image.repository }}:{{ .Values.image.tag }}
{{- end -}}
{{- end -}}

{{/*
The engine's resources: .Values.resources with the accelerators model.gpus asks for added to its
limits (the scheduler takes an extended resource's request from its limit). model.gpuResource names
the extended resource, nvidia.com/gpu unless the catalog's variant says otherwise. Empty or "0"
leaves the resource off the pod rather than asking for zero of it.
*/}}
{{- define "serving.resources" -}}
{{- $resources := deepCopy (.Values.resources | default dict) -}}
{{- $gpus := toString (.Values.model.gpus | default "") -}}
{{- if and $gpus (ne $gpus "0") -}}
{{- $limits := deepCopy (get $resources "limits" | default dict) -}}
{{- $_ := set $limits (.Values.model.gpuResource | default "nvidia.com/gpu") $gpus -}}
{{- $_ := set $resources "limits" $limits -}}
{{- end -}}
{{- with $resources }}
{{- toYaml . }}
{{- end -}}
{{- end -}}
