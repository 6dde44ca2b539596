/// The console's pages as Mustache templates: `{{name}}` is HTML-escaped, so whatever users
/// wrote (nicknames, messages, data) shows as text; `{{{name}}}` is used only for the charts,
/// which Roost draws itself from numbers.
enum ConsoleTemplates {
    static let all: [String: String] = [
        "layout": layout, "csrf": csrf, "sign-in": signIn, "error": error, "overview": overview, "users": users, "user": user,
        "channels": channels, "channel": channel, "messages": messages, "admin-messages": adminMessages,
        "moderation": moderation, "webhooks": webhooks, "emulator": emulator,
    ]

    static let style = """
        body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2433;background:#f6f7fb}
        header{display:flex;gap:1.2em;align-items:center;background:#22263a;color:#fff;padding:.6em 1.2em;flex-wrap:wrap}
        header a{color:#cfd6ff;text-decoration:none;margin-right:.8em}header a:hover{text-decoration:underline}
        header form{margin-left:auto}main{padding:1em 1.4em;max-width:1100px}
        table{border-collapse:collapse;width:100%;background:#fff;margin:.6em 0}
        th,td{border-bottom:1px solid #e2e5ee;padding:.35em .5em;text-align:left;vertical-align:top}
        th{background:#eef0f7;font-weight:600}
        form.inline{display:inline}fieldset{border:1px solid #d5d9e6;background:#fff;margin:.8em 0;padding:.6em 1em}
        input,select,textarea,button{font:inherit;margin:.15em .3em .15em 0}textarea{width:100%;min-height:4em}
        button{background:#3d5afe;color:#fff;border:0;border-radius:4px;padding:.3em .9em;cursor:pointer}
        button.danger{background:#c62828}.notice{padding:.6em 1em;background:#e8f5e9;border:1px solid #a5d6a7}
        .notice.error{background:#ffebee;border-color:#ef9a9a}.muted{color:#6b7385}
        .cards{display:flex;gap:1em;flex-wrap:wrap}.card{background:#fff;border:1px solid #e2e5ee;padding:.8em 1.2em;min-width:9em}
        .card b{display:block;font-size:1.6em}svg{background:#fff;border:1px solid #e2e5ee}
        .message{background:#fff;border:1px solid #e2e5ee;padding:.4em .8em;margin:.3em 0}.message.admin{border-left:4px solid #3d5afe}
        """

    static let csrf = #"<input type="hidden" name="csrf" value="{{csrf}}">"#

    static let layout = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{$title}}Console{{/title}} · Roost</title><link rel="stylesheet" href="/console/console.css"></head>
        <body><header><strong>Roost console</strong><nav>
        <a href="/console">Overview</a><a href="/console/users">Users</a><a href="/console/channels">Channels</a>
        <a href="/console/admin-messages">Admin messages</a><a href="/console/moderation">Moderation</a>
        <a href="/console/webhooks">Webhooks</a><a href="/console/emulator">Emulator</a></nav>
        <form method="post" action="/console/sign-out">{{> csrf}}<button>Sign out</button></form></header>
        <main>{{#notice}}<p class="notice{{#isError}} error{{/isError}}" role="status" id="notice">{{text}}</p>{{/notice}}
        {{$content}}{{/content}}</main><script src="/console/console.js"></script></body></html>
        """

    static let signIn = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Sign in · Roost</title><link rel="stylesheet" href="/console/console.css"></head>
        <body><header><strong>Roost console</strong></header><main>
        {{#error}}<p class="notice error" role="alert" id="notice">{{error}}</p>{{/error}}
        <form method="post" action="/console/sign-in"><fieldset><legend>Sign in with the master API token or a secondary token</legend>
        <input type="hidden" name="csrf" value="{{csrf}}">
        <input type="password" name="token" id="token" size="50" autocomplete="off" required autofocus>
        <button id="sign-in">Sign in</button></fieldset></form></main></body></html>
        """

    static let error = """
        {{<layout}}{{$title}}Not found{{/title}}{{$content}}<h1>{{heading}}</h1><p class="notice error" id="problem">{{message}}</p>{{/content}}{{/layout}}
        """

    static let overview = """
        {{<layout}}{{$title}}Overview{{/title}}{{$content}}
        <h1>Overview</h1>
        <div class="cards">
        <div class="card">Users<b id="count-users">{{users}}</b></div><div class="card">Group channels<b id="count-group">{{groupChannels}}</b></div>
        <div class="card">Open channels<b id="count-open">{{openChannels}}</b></div><div class="card">Messages<b id="count-messages">{{messages}}</b></div>
        </div>
        <h2>Messages per day</h2>{{{messagesChart}}}
        <h2>Daily active users</h2>{{{dauChart}}}
        {{/content}}{{/layout}}
        """

    static let users = """
        {{<layout}}{{$title}}Users{{/title}}{{$content}}
        <h1>Users</h1>
        <form method="get" action="/console/users"><input name="q" value="{{query}}" placeholder="nickname starts with, or a user id">
        <label><input type="checkbox" name="by_id" value="1"{{#byID}} checked{{/byID}}> by user id</label><button>Search</button></form>
        <table id="users"><tr><th>User id</th><th>Nickname</th><th>Active</th><th>Online</th></tr>
        {{#users}}<tr><td><a href="/console/users/{{userPath}}">{{userID}}</a></td><td>{{nickname}}</td><td>{{isActive}}</td><td>{{isOnline}}</td></tr>{{/users}}
        {{^users}}<tr><td colspan="4" class="muted">No users.</td></tr>{{/users}}</table>
        {{#nextLink}}<a href="{{nextLink}}" id="next">Next page</a>{{/nextLink}}
        {{/content}}{{/layout}}
        """

    static let user = """
        {{<layout}}{{$title}}{{user.userID}}{{/title}}{{$content}}
        <h1>{{user.nickname}} <span class="muted">{{user.userID}}</span></h1>
        <table><tr><th>Active</th><td id="is-active">{{user.isActive}}</td></tr><tr><th>Online</th><td>{{user.isOnline}}</td></tr>
        <tr><th>Profile URL</th><td>{{profileURL}}</td></tr><tr><th>Created at</th><td>{{createdAt}}</td></tr></table>
        <h2>Metadata</h2><table>{{#metadata}}<tr><th>{{key}}</th><td>{{value}}</td></tr>{{/metadata}}
        {{^metadata}}<tr><td class="muted">None.</td></tr>{{/metadata}}</table>
        <h2>Group channels</h2><table>{{#channels}}<tr><td><a href="/console/channels/{{kind}}/{{channelPath}}">{{name}}</a></td><td>{{channelURL}}</td><td>{{headcount}} members</td></tr>{{/channels}}
        {{^channels}}<tr><td class="muted">None.</td></tr>{{/channels}}</table>
        <fieldset><legend>Actions</legend>
        <form class="inline" method="post" action="/console/users/{{user.userPath}}/active">{{> csrf}}
        {{#user.isActive}}<input type="hidden" name="active" value="false"><button class="danger" id="deactivate">Deactivate</button>{{/user.isActive}}
        {{^user.isActive}}<input type="hidden" name="active" value="true"><button id="activate">Activate</button>{{/user.isActive}}</form>
        <form class="inline" method="post" action="/console/users/{{user.userPath}}/session-token">{{> csrf}}<button id="issue-token">Issue a session token</button></form>
        </fieldset>
        {{/content}}{{/layout}}
        """

    static let channels = """
        {{<layout}}{{$title}}Channels{{/title}}{{$content}}
        <h1>Channels</h1>
        <form method="get" action="/console/channels">
        <select name="type"><option value="group"{{#isGroup}} selected{{/isGroup}}>Group</option><option value="open"{{^isGroup}} selected{{/isGroup}}>Open</option></select>
        <input name="name_contains" value="{{nameContains}}" placeholder="name contains">
        <input name="custom_type" value="{{customTypeFilter}}" placeholder="custom type">
        <input name="url_contains" value="{{urlContains}}" placeholder="URL contains"><button>Filter</button></form>
        <table id="channels"><tr><th>Name</th><th>URL</th><th>Custom type</th><th>Members</th><th>Frozen</th></tr>
        {{#channels}}<tr><td><a href="/console/channels/{{kind}}/{{channelPath}}">{{name}}</a></td><td>{{channelURL}}</td><td>{{customType}}</td><td>{{headcount}}</td><td>{{isFrozen}}</td></tr>{{/channels}}
        {{^channels}}<tr><td colspan="5" class="muted">No channels.</td></tr>{{/channels}}</table>
        {{#nextLink}}<a href="{{nextLink}}" id="next">Next page</a>{{/nextLink}}
        {{/content}}{{/layout}}
        """

    static let channel = """
        {{<layout}}{{$title}}{{channel.name}}{{/title}}{{$content}}
        <h1>{{channel.name}} <span class="muted">{{channel.channelURL}}</span></h1>
        <p><a href="/console/channels/{{channel.kind}}/{{channel.channelPath}}/messages" id="messages-link">Messages (live)</a></p>
        <table><tr><th>Type</th><td>{{channel.kind}}</td></tr><tr><th>Custom type</th><td>{{channel.customType}}</td></tr>
        <tr><th>Frozen</th><td id="frozen">{{channel.isFrozen}}</td></tr><tr><th>Data</th><td>{{data}}</td></tr></table>
        <form class="inline" method="post" action="/console/channels/{{channel.kind}}/{{channel.channelPath}}/freeze">{{> csrf}}
        {{#channel.isFrozen}}<input type="hidden" name="freeze" value="false"><button id="unfreeze">Unfreeze</button>{{/channel.isFrozen}}
        {{^channel.isFrozen}}<input type="hidden" name="freeze" value="true"><button class="danger" id="freeze">Freeze</button>{{/channel.isFrozen}}</form>
        <h2>Members</h2><table id="members">{{#members}}<tr><td><a href="/console/users/{{user.userPath}}">{{user.userID}}</a></td><td>{{user.nickname}}</td><td>{{role}}</td></tr>{{/members}}
        {{^members}}<tr><td class="muted">None listed.</td></tr>{{/members}}</table>
        <h2>Operators</h2><table>{{#operators}}<tr><td>{{userID}}</td><td>{{nickname}}</td></tr>{{/operators}}{{^operators}}<tr><td class="muted">None.</td></tr>{{/operators}}</table>
        <h2>Metadata</h2><table>{{#metadata}}<tr><th>{{key}}</th><td>{{value}}</td></tr>{{/metadata}}{{^metadata}}<tr><td class="muted">None.</td></tr>{{/metadata}}</table>
        <h2>Moderation</h2>
        <fieldset><legend>Ban or mute</legend><form method="post" action="/console/channels/{{channel.kind}}/{{channel.channelPath}}/moderate">{{> csrf}}
        <input name="user_id" id="moderate-user" placeholder="user id" required>
        <input name="seconds" type="number" value="-1" title="seconds; -1 for no end"> seconds
        <input name="description" placeholder="reason">
        <select name="action" id="moderate-action"><option value="ban">Ban</option><option value="mute">Mute</option><option value="unban">Unban</option><option value="unmute">Unmute</option></select>
        <button id="moderate">Apply</button></form></fieldset>
        <h2>Banned</h2><table id="banned">{{#banned}}<tr><td>{{userID}}</td><td>{{reason}}</td><td>{{endsAt}}</td></tr>{{/banned}}{{^banned}}<tr><td class="muted">Nobody.</td></tr>{{/banned}}</table>
        <h2>Muted</h2><table id="muted">{{#muted}}<tr><td>{{userID}}</td><td>{{reason}}</td><td>{{endsAt}}</td></tr>{{/muted}}{{^muted}}<tr><td class="muted">Nobody.</td></tr>{{/muted}}</table>
        {{/content}}{{/layout}}
        """

    static let messages = """
        {{<layout}}{{$title}}Messages · {{channel.name}}{{/title}}{{$content}}
        <h1>Messages in <a href="/console/channels/{{channel.kind}}/{{channel.channelPath}}">{{channel.name}}</a></h1>
        <fieldset><legend>Send an admin message</legend><form method="post" action="/console/channels/{{channel.kind}}/{{channel.channelPath}}/messages">{{> csrf}}
        <textarea name="message" id="admin-message" required placeholder="message"></textarea>
        <input name="custom_type" placeholder="custom type"><input name="data" placeholder="data" size="40">
        <button id="send">Send</button></form></fieldset>
        <div id="messages" data-live="/console/channels/{{channel.kind}}/{{channel.channelPath}}/live?since={{since}}">
        {{#messages}}<div class="message{{#isAdmin}} admin{{/isAdmin}}" data-id="{{messageID}}"><b>{{sender}}</b> <span class="text">{{text}}</span>
        <form class="inline" method="post" action="/console/channels/{{channel.kind}}/{{channel.channelPath}}/messages/{{messageID}}/delete">{{> csrf}}<button class="danger">Delete</button></form></div>{{/messages}}
        </div>
        {{/content}}{{/layout}}
        """

    static let adminMessages = """
        {{<layout}}{{$title}}Admin messages{{/title}}{{$content}}
        <h1>Send an admin message</h1>
        <form method="post" action="/console/admin-messages">{{> csrf}}<fieldset><legend>To</legend>
        <label><input type="radio" name="target" value="urls" checked> these group channels (URLs, one per line or comma-separated)</label>
        <textarea name="channel_urls" id="target-urls"></textarea>
        <label><input type="radio" name="target" value="filter" id="target-filter"> every group channel matching</label>
        <input name="custom_type" placeholder="custom type" id="filter-custom-type"><input name="name_contains" placeholder="name contains"></fieldset>
        <fieldset><legend>Message</legend><textarea name="message" required id="broadcast-message"></textarea>
        <input name="message_custom_type" placeholder="custom type"><input name="data" placeholder="data" size="40"></fieldset>
        <button id="broadcast">Send</button></form>
        {{/content}}{{/layout}}
        """

    static let moderation = """
        {{<layout}}{{$title}}Moderation{{/title}}{{$content}}
        <h1>Reports</h1>
        <table id="reports"><tr><th>When</th><th>Category</th><th>By</th><th>About</th><th>Reported message</th><th></th></tr>
        {{#reports}}<tr><td>{{createdAt}}</td><td>{{category}}</td><td>{{reportingUserID}}</td>
        <td>{{#reportedChannelURL}}<a href="{{reportedChannelPage}}">{{reportedChannelURL}}</a>{{/reportedChannelURL}} {{offendingUserID}}</td>
        <td class="reported">{{reportedText}}</td>
        <td>{{#deleteAction}}<form class="inline" method="post" action="{{deleteAction}}">{{> csrf}}<input type="hidden" name="back" value="/console/moderation"><button class="danger">Delete message</button></form>{{/deleteAction}}</td></tr>{{/reports}}
        {{^reports}}<tr><td colspan="6" class="muted">No reports.</td></tr>{{/reports}}</table>
        <p class="muted">Ban, mute, unban and unmute from a channel's page.</p>
        {{/content}}{{/layout}}
        """

    static let webhooks = """
        {{<layout}}{{$title}}Webhooks{{/title}}{{$content}}
        <h1>Webhooks</h1>
        <form method="post" action="/console/webhooks">{{> csrf}}<fieldset><legend>Settings</legend>
        <label><input type="checkbox" name="enabled" value="true"{{#enabled}} checked{{/enabled}}> enabled</label>
        <input name="url" value="{{url}}" size="50" placeholder="https://your.app/webhooks">
        <label><input type="checkbox" name="include_members" value="true"{{#includeMembers}} checked{{/includeMembers}}> include members</label>
        <label><input type="checkbox" name="include_unread_count" value="true"{{#includeUnreadCount}} checked{{/includeUnreadCount}}> include unread counts</label>
        <p>Categories (comma-separated, <code>*</code> for all): <input name="categories" value="{{categories}}" size="60"></p>
        <button id="save-webhooks">Save</button></fieldset></form>
        <h2>Recent deliveries</h2>
        <table id="deliveries"><tr><th>When</th><th>Category</th><th>Target</th><th>Status</th><th>Attempt</th></tr>
        {{#deliveries}}<tr{{#failed}} class="notice error"{{/failed}}><td>{{attemptedAt}}</td><td>{{category}}</td><td>{{target}}</td><td>{{statusCode}}</td><td>{{attempt}}</td></tr>{{/deliveries}}
        {{^deliveries}}<tr><td colspan="5" class="muted">No deliveries yet.</td></tr>{{/deliveries}}</table>
        {{/content}}{{/layout}}
        """

    static let emulator = """
        {{<layout}}{{$title}}Emulator{{/title}}{{$content}}
        <h1>Emulator</h1>
        <fieldset><legend>Clock</legend><p>Now: <b id="clock-now">{{clock.now}}</b> ({{clock.iso}}){{#clock.frozen}}, frozen{{/clock.frozen}}</p>
        <form class="inline" method="post" action="/console/emulator/clock">{{> csrf}}<input name="advance_ms" type="number" min="0" placeholder="ms">
        <button name="change" value="advance">Advance</button></form>
        <form class="inline" method="post" action="/console/emulator/clock">{{> csrf}}
        {{#clock.frozen}}<input type="hidden" name="frozen" value="false"><button name="change" value="freeze">Thaw</button>{{/clock.frozen}}
        {{^clock.frozen}}<input type="hidden" name="frozen" value="true"><button name="change" value="freeze">Freeze</button>{{/clock.frozen}}</form></fieldset>
        <fieldset><legend>Snapshots</legend><form method="post" action="/console/emulator/snapshots">{{> csrf}}
        <input name="name" placeholder="name" required id="snapshot-name"><button id="save-snapshot">Save</button></form>
        <table id="snapshots"><tr><th>Name</th><th>Size</th><th>Taken at</th><th></th></tr>
        {{#snapshots}}<tr><td>{{name}}</td><td>{{size}}</td><td>{{createdAt}}</td><td>
        <form class="inline" method="post" action="/console/emulator/snapshots/{{name}}/restore">{{> csrf}}<button>Restore</button></form>
        <form class="inline" method="post" action="/console/emulator/snapshots/{{name}}/delete">{{> csrf}}<button class="danger">Delete</button></form></td></tr>{{/snapshots}}
        {{^snapshots}}<tr><td colspan="4" class="muted">None saved.</td></tr>{{/snapshots}}</table></fieldset>
        <fieldset><legend>Reset</legend><form method="post" action="/console/emulator/reset">{{> csrf}}
        <label><input type="checkbox" name="keep_users" value="true"> keep users</label>
        <button class="danger" id="reset">Reset the application</button></form></fieldset>
        {{/content}}{{/layout}}
        """

    /// The messages page's live updates: new messages arrive from the channel's event stream
    /// and are added as text (never as HTML); deleted ones go.
    static let script = """
        (function () {
          var list = document.getElementById("messages");
          if (!list || !window.EventSource) return;
          var source = new EventSource(list.dataset.live);
          function add(event) {
            var data = JSON.parse(event.data), payload = data.payload || {};
            if (list.querySelector('[data-id="' + payload.message_id + '"]')) return;
            var item = document.createElement("div");
            item.className = "message" + (data.type === "ADMM" ? " admin" : "");
            item.dataset.id = payload.message_id;
            var sender = document.createElement("b");
            sender.textContent = data.sender && data.sender.user_id ? data.sender.user_id : "admin";
            var text = document.createElement("span");
            text.className = "text";
            text.textContent = payload.message || "";
            item.append(sender, " ", text);
            list.append(item);
          }
          source.addEventListener("group_channel:message_send", add);
          source.addEventListener("open_channel:message_send", add);
          function remove(event) {
            var id = JSON.parse(event.data).payload.message_id;
            var item = list.querySelector('[data-id="' + id + '"]');
            if (item) item.remove();
          }
          source.addEventListener("group_channel:message_delete", remove);
          source.addEventListener("open_channel:message_delete", remove);
          window.addEventListener("beforeunload", function () { source.close(); });
          list.dataset.ready = "true";
        })();
        """
}
