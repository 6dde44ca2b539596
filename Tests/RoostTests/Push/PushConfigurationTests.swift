import Testing

/// The application's push providers, content templates and push switch.
@Suite struct PushConfigurationTests {
    @Test func providersAreAddedListedChangedAndRemovedWithSecretsMasked() async throws {
        try await withServer { api in
            let fcm = try await api.post("/v3/applications/push/fcm", #"{"api_key": "AAAAsecret-server-key-1234", "push_sound": "ring.wav"}"#)
            #expect(fcm.status == .ok, "\(fcm)")
            let item = fcm["push_configurations"][0]
            let id = try #require(item["id"].string)
            #expect(id.count == 40)
            #expect(item["push_type"] == "FCM" && item["push_sound"] == "ring.wav")
            #expect(item["api_key"] == "**********************1234", "never echoed in full")

            let hms = try await api.post("/v3/applications/push/huawei", #"{"huawei_app_id": "1234567", "huawei_app_secret": "short"}"#)
            #expect(hms["push_configurations"][0]["push_type"] == "HUAWEI" && hms["push_configurations"][0]["huawei_app_secret"] == "*****")
            let hmsID = try #require(hms["push_configurations"][0]["id"].string)
            #expect(try await api.get("/v3/applications/push/hms")["push_configurations"].array.count == 1, "hms and huawei name one provider")

            let updated = try await api.put("/v3/applications/push/fcm/\(id)", #"{"api_key": "", "push_sound": "bell.wav", "provider_id": "ignored"}"#)
            #expect(updated["push_configurations"] == .string(id))
            let viewed = try await api.get("/v3/applications/push/fcm/\(id)")["push_configurations"][0]
            #expect(viewed["push_sound"] == "bell.wav" && viewed["api_key"] == "**********************1234", "an empty field changes nothing")

            let listed = try await api.get("/v3/applications/push/fcm")["push_configurations"].array
            #expect(listed.map { $0["id"].string ?? "" } == [id])
            expectError(try await api.get("/v3/applications/push/apns/\(id)"), code: 400201)
            expectError(try await api.get("/v3/applications/push/pigeon"), code: 400111)
            expectError(try await api.post("/v3/applications/push/fcm", #"{"push_sound": "x"}"#), code: 400105)
            expectError(try await api.post("/v3/applications/push/hms", #"{"huawei_app_id": "1"}"#), code: 400105)
            expectError(try await api.post("/v3/applications/push/apns", ""), code: 400105)

            let removed = try await api.delete("/v3/applications/push/huawei/\(hmsID)")
            #expect(removed["push_configurations"] == [.string(hmsID)])
            #expect(try await api.get("/v3/applications/push/huawei")["push_configurations"] == [])
            expectError(try await api.delete("/v3/applications/push/huawei/\(hmsID)"), code: 400201)
        }
    }

    @Test func apnsTakesItsCertificateAsAFormAndLosesIt() async throws {
        try await withServer { api in
            let form = multipartForm(
                fields: [("apns_cert_env_type", "development"), ("apns_cert_password", "hunter2"), ("has_unread_count_badge", "false")],
                file: ("com.example.app.p12", "application/x-pkcs12", "not really a certificate"), fileField: "apns_cert"
            )
            let added = try await api.call(.post, "/v3/applications/push/apns", body: form.body, headers: [.contentType: form.contentType])
            #expect(added.status == .ok, "\(added)")
            let item = added["push_configurations"][0]
            #expect(item["push_type"] == "APNS" && item["apns_name"] == "com.example.app" && item["apns_type"] == "DEVELOPMENT")
            #expect(item["has_unread_count_badge"] == 0 && item["has_certificate"] == true)
            #expect(!added.text.contains("hunter2") && !added.text.contains("not really"), "no certificate or password in answers")
            let id = try #require(item["id"].string)

            let bad = multipartForm(fields: [("apns_cert_env_type", "staging")], file: nil)
            expectError(try await api.call(.put, "/v3/applications/push/apns/\(id)", body: bad.body, headers: [.contentType: bad.contentType]), code: 400111)
            #expect(try await api.delete("/v3/applications/push/apns/cert/\(id)")["push_configurations"] == [.string(id)])
            #expect(try await api.get("/v3/applications/push/apns/\(id)")["push_configurations"][0]["has_certificate"] == false)
        }
    }

    @Test func templatesAndTheSwitch() async throws {
        try await withServer { api in
            let templates = try await api.get("/v3/applications/push/message_templates")["push_message_templates"].array
            #expect(templates.map { $0["template_name"].string ?? "" } == ["default", "alternative"])
            #expect(templates[0]["template"] == ["MESG": "{sender_name}: {message}", "FILE": "{filename}", "ADMM": "{message}"])

            let nested = try await api.put("/v3/applications/push/message_templates/alternative", #"{"template": {"MESG": "{sender_name} wrote in {channel_name}"}}"#)
            #expect(nested["push_message_templates"][0]["template"]["MESG"] == "{sender_name} wrote in {channel_name}")
            #expect(nested["push_message_templates"][0]["push_message_preview"]["MESG"] == "John wrote in Lounge")
            #expect(nested["push_message_templates"][0]["template"]["FILE"] == "New file delivered!")
            // SDK 0.0.16 flattens the body and spells the admin text ADMN.
            let flat = try await api.put(
                "/v3/applications/push/message_templates/default",
                #"{"template_name": "default", "template": "", "template.MESG": "{message}", "template.FILE": "A {file_type_friendly}", "template.ADMN": "Notice: {message}"}"#
            )
            #expect(flat["push_message_templates"][0]["template"] == ["MESG": "{message}", "FILE": "A {file_type_friendly}", "ADMM": "Notice: {message}"])
            #expect(flat["push_message_templates"][0]["push_message_preview"]["FILE"] == "A Image")
            #expect(try await api.get("/v3/applications/push/message_templates/default")["push_message_templates"][0]["template"]["MESG"] == "{message}")
            expectError(try await api.get("/v3/applications/push/message_templates/fancy"), code: 400111)
            expectError(try await api.put("/v3/applications/push/message_templates/default", #"{"template": {"MESG": ""}}"#), code: 400111)
            expectError(try await api.put("/v3/applications/push/message_templates/default", "{}"), code: 400105)

            #expect(try await api.get("/v3/applications/push/settings").json == ["push_enabled": true])
            #expect(try await api.put("/v3/applications/push/settings", #"{"push_enabled": false}"#).json == ["push_enabled": false])
            #expect(try await api.get("/v3/applications/push/settings")["push_enabled"] == false)
            expectError(try await api.put("/v3/applications/push/settings", "{}"), code: 400105)
        }
    }
}
