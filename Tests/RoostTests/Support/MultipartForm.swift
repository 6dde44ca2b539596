/// A multipart/form-data body with text fields and at most one file, and its Content-Type.
func multipartForm(
    fields: [(String, String)], file: (name: String, type: String, bytes: String)?, fileField: String = "file"
) -> (body: String, contentType: String) {
    let boundary = "roost-test-boundary"
    var body = ""
    for (name, value) in fields {
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
    }
    if let file {
        body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(fileField)\"; filename=\"\(file.name)\"\r\n"
        body += "Content-Type: \(file.type)\r\n\r\n\(file.bytes)\r\n"
    }
    body += "--\(boundary)--\r\n"
    return (body, "multipart/form-data; boundary=\(boundary)")
}
