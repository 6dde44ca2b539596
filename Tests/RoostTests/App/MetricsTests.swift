import Testing

/// `GET /metrics` answers Prometheus's text format with what the server has done.
@Suite struct MetricsTests {
    @Test func requestsWritesAndConnectionsAreCounted() async throws {
        try await withServer(testing: .live) { api in
            try await api.createUsers("metrics-alice")
            _ = try await api.get("/v3/users/metrics-alice")
            let reply = try await api.call(.get, "/metrics", token: nil)
            #expect(reply.status == .ok)
            #expect(reply.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = reply.text
            // Requests by route pattern, method and status, with their latency.
            #expect(text.contains(#"hb_requests{http_route="/v3/users/{user_id}",http_request_method="GET",http_response_status_code="200"}"#))
            #expect(text.contains(#"http_server_request_duration_bucket{"#))
            // Write batches and open connections.
            #expect(text.contains("roost_database_write_batch_size_bucket{le=\"1.0\"}"))
            #expect(text.contains("# TYPE roost_open_connections gauge"))
        }
    }

    /// Metrics belong to the application: a second one in the same process counts only its own.
    @Test func eachApplicationCountsItsOwnRequests() async throws {
        try await withServer(testing: .live) { first in
            try await first.createUsers("metrics-own")
            _ = try await first.get("/v3/users/metrics-own")
            let route = #"http_route="/v3/users/{user_id}""#
            let counted = try await first.call(.get, "/metrics", token: nil).text
            #expect(counted.contains(route))
            try await withServer(testing: .live) { second in
                let own = try await second.call(.get, "/metrics", token: nil).text
                #expect(!own.contains(route))
            }
        }
    }
}
