{{/* SGLang's launch line; extraArgs are appended as given. */}}
{{- define "serving.command" -}}
command:
  - python3
  - -m
  - sglang.launch_server
args:
  - --model-path={{ .Values.model.mountPath }}
  - --served-model-name={{ .Values.model.name }}
  - --host=0.0.0.0
  - --port={{ .Values.service.port }}
  {{- with .Values.model.contextLength }}
  - --context-length={{ . }}
  {{- end }}
  {{- range .Values.extraArgs }}
  - {{ . | quote }}
  {{- end }}
{{- end -}}
