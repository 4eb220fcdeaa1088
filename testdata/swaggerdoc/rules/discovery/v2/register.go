package v2

const GroupName = "apidiscovery.k8s.io"
