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
