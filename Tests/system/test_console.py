"""The admin console in a real browser (headless Chromium from Debian's packages, driven by
Selenium): signing in, an admin message arriving live in a second page, a ban, a message
with markup shown as text, and a screenshot of every page (in `screenshots/`)."""

import json
import os
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import API_TOKEN, ROOT, free_port

SCREENSHOTS = Path(os.environ.get("ROOST_SCREENSHOTS", ROOT / "screenshots"))


def call(base, method, path, body=None):
    request = urllib.request.Request(
        base + path, method=method, data=json.dumps(body).encode() if body is not None else None,
        headers={"Api-Token": API_TOKEN, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture
def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def wait(driver, condition, seconds=10):
    return WebDriverWait(driver, seconds).until(condition)


def shot(driver, name):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"console-{name}.png"))


def sign_in(driver, base, token):
    driver.get(base + "/console")
    field = wait(driver, expected_conditions.presence_of_element_located((By.ID, "token")))
    field.send_keys(token)
    driver.find_element(By.ID, "sign-in").click()


def test_an_admin_signs_in_sends_bans_and_sees_markup_as_text(server, browser):
    base = server.url
    nowhere = f"http://127.0.0.1:{free_port()}/hooks"
    call(base, "PUT", "/v3/applications/settings/webhook", {"enabled": True, "url": nowhere, "enabled_events": ["group_channel:create"]})
    for user_id in ["alice", "bob"]:
        call(base, "POST", "/v3/users", {"user_id": user_id, "nickname": user_id.title(), "profile_url": ""})
    call(base, "POST", "/v3/group_channels", {"channel_url": "room", "name": "The room", "user_ids": ["alice", "bob"], "custom_type": "team"})
    call(base, "POST", "/v3/group_channels/room/messages", {"message_type": "MESG", "user_id": "alice", "message": "<script>alert('owned')</script>"})

    # A wrong token is refused with a clear message; the right one signs in.
    sign_in(browser, base, "not-a-token")
    assert "not an API token" in wait(browser, expected_conditions.presence_of_element_located((By.ID, "notice"))).text
    shot(browser, "sign-in")
    sign_in(browser, base, API_TOKEN)
    wait(browser, expected_conditions.presence_of_element_located((By.ID, "count-users")))
    assert browser.find_element(By.ID, "count-users").text == "2"
    assert browser.find_element(By.ID, "messages-chart") is not None
    shot(browser, "overview")

    # The channel's messages in one tab: the markup shows as text and runs nothing.
    browser.get(base + "/console/channels/group/room/messages")
    live = browser.current_window_handle
    wait(browser, lambda driver: driver.find_element(By.ID, "messages").get_attribute("data-ready") == "true")
    texts = [element.text for element in browser.find_elements(By.CSS_SELECTOR, "#messages .text")]
    assert "<script>alert('owned')</script>" in texts
    assert browser.execute_script("return document.querySelectorAll('#messages script').length") == 0
    shot(browser, "messages")

    # An admin message sent from a second tab arrives in the first without a reload.
    browser.switch_to.new_window("tab")
    browser.get(base + "/console/admin-messages")
    browser.find_element(By.ID, "target-urls").send_keys("room")
    browser.find_element(By.ID, "broadcast-message").send_keys("Maintenance at 10pm <b>sharp</b>")
    shot(browser, "admin-messages")
    browser.find_element(By.ID, "broadcast").click()
    assert "Sent to 1 channel." in wait(browser, expected_conditions.presence_of_element_located((By.ID, "notice"))).text
    browser.switch_to.window(live)
    wait(browser, lambda driver: "Maintenance at 10pm <b>sharp</b>" in [
        element.text for element in driver.find_elements(By.CSS_SELECTOR, "#messages .message.admin .text")
    ])
    messages = call(base, "GET", "/v3/group_channels/room/messages?message_ts=0&prev_limit=0&next_limit=10")["messages"]
    assert messages[-1]["type"] == "ADMM" and messages[-1]["message"] == "Maintenance at 10pm <b>sharp</b>"

    # A ban from the channel's page goes through the API: bob is banned and has left.
    browser.get(base + "/console/channels/group/room")
    browser.find_element(By.ID, "moderate-user").send_keys("bob")
    Select(browser.find_element(By.ID, "moderate-action")).select_by_value("ban")
    browser.find_element(By.ID, "moderate").click()
    assert "bob is banned." in wait(browser, expected_conditions.presence_of_element_located((By.ID, "notice"))).text
    assert "bob" in browser.find_element(By.ID, "banned").text
    shot(browser, "channel")
    assert call(base, "GET", "/v3/group_channels/room/ban/bob")["user"]["user_id"] == "bob"

    # The webhooks page lists the attempts to reach the receiver, which nobody answers.
    browser.get(base + "/console/webhooks")
    wait(browser, lambda driver: driver.refresh() or "group_channel:create" in driver.find_element(By.ID, "deliveries").text)
    assert nowhere in browser.find_element(By.ID, "deliveries").text

    # Every other page renders.
    for name, path in [("users", "/console/users"), ("user", "/console/users/alice"), ("channels", "/console/channels"),
                       ("moderation", "/console/moderation"), ("webhooks", "/console/webhooks"), ("emulator", "/console/emulator")]:
        browser.get(base + path)
        assert browser.find_element(By.TAG_NAME, "h1").text
        shot(browser, name)

    # Signing out ends the session.
    browser.find_element(By.CSS_SELECTOR, "header form button").click()
    wait(browser, expected_conditions.presence_of_element_located((By.ID, "token")))
    browser.get(base + "/console/users")
    assert browser.current_url.endswith("/console/sign-in")
