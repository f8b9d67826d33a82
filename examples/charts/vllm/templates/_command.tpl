{{/* vLLM's OpenAI-compatible server; extraArgs are appended as given. */}}
{{- define "serving.command" -}}
command:
  - vllm
  - serve
args:
  - {{ .Values.model.mountPath | quote }}
  - --served-model-name={{ .Values.model.name }}
  - --host=0.0.0.0
  - --port={{ .Values.service.port }}
  {{- with .Values.model.contextLength }}
  - --max-model-len={{ . }}
  {{- end }}
  {{- range .Values.extraArgs }}
  - {{ . | quote }}
  {{- end }}
{{- end -}}
