package io.shoaldb.server.load;

/** The OK packet info text Doris gives a load: {@code {'label':'...', 'status':'VISIBLE', 'txnId':'7'}}. */
public final class LoadInfo {
    private LoadInfo() {
    }

    public static String of(String label, String status, String txnId) {
        return "{'label':'" + label + "', 'status':'" + status + "', 'txnId':'" + txnId + "'}";
    }
}
