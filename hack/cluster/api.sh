# Minimal API client for up: curl with the admin token, so seeding the cluster
# needs no kubectl build.

api_url() { echo "https://127.0.0.1:$(cat "$STATE_DIR/api.port")"; }

# The API server pretty-prints for a curl user agent; the checks in up grep compact JSON.
api_curl() { # <curl args...>
  curl -fsS --max-time 10 -A swiss-hack-cluster --cacert "$STATE_DIR/pki/ca.crt" \
    -H "Authorization: Bearer $(cat "$STATE_DIR/admin.token")" "$@"
}

api_get() { api_curl "$(api_url)$1"; }

api_create() { # <collection path> <yaml file>
  local out
  out="$(api_curl -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/yaml' \
    --data-binary "@$2" "$(api_url)$1" 2>/dev/null)" || true
  [[ "$out" == 201 || "$out" == 409 ]] || die "creating $(basename "$2") answered HTTP $out"
}

write_kubeconfig() { # <user>
  local user="$1" ca
  ca="$(base64 -w0 < "$STATE_DIR/pki/ca.crt")"
  cat > "$STATE_DIR/$user.kubeconfig" <<KC
apiVersion: v1
kind: Config
clusters:
- name: swiss-test
  cluster:
    server: $(api_url)
    certificate-authority-data: $ca
users:
- name: $user
  user:
    token: $(cat "$STATE_DIR/$user.token")
contexts:
- name: $user@swiss-test
  context:
    cluster: swiss-test
    user: $user
    namespace: default
current-context: $user@swiss-test
KC
  chmod 600 "$STATE_DIR/$user.kubeconfig"
}
