package afterclause

// Every comment of doc.go counts, even below the package clause.
//
// +k8s:openapi-model-package=io.example.after-clause_1
